/**
 * True where the browser withholds what offline work needs (service worker, the app's storage,
 * the camera): a page that is not a secure context, i.e. plain http at a LAN name or address.
 * Browsers count localhost and 127.0.0.1 as secure; so does this check, also where the DOM in use
 * (jsdom in tests) does not know that.
 */
const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$|\.localhost$/i;

export function isInsecureAddress(): boolean {
  if (typeof window === 'undefined') return false;
  return window.isSecureContext !== true && !loopback.test(window.location.hostname);
}

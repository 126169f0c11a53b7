/**
 * Where the API lives, relative to the app's origin. A module of its own so a product image's
 * address does not import the HTTP client (ky) into the department home's start-up.
 */
export const apiBase = '/api/v1';

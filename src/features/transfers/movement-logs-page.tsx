// Placeholder route target while this screen is being built this session; replaced by the real page.
export function MovementLogsPage() {
  return null;
}

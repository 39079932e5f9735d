/** Leaves the app for another address (an identity provider), as a full page load. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}

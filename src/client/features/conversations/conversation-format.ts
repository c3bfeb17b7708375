/** The one-letter avatar of the other party in a thread. */
export function avatarInitial(username: string | null | undefined): string {
  return (username ?? '').trim().charAt(0).toUpperCase() || '?';
}

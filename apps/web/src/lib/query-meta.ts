/** Meta every query and mutation may carry; read by the shared error handling. */
export interface AppQueryMeta extends Record<string, unknown> {
  /** The screen shows its own message for this call; the shared error toasts are skipped. */
  selfHandled?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

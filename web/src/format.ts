export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
export const formatPercent = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value * 100)} %`);
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

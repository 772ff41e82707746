export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A file name safe on every system: no path separators, reserved characters or control characters. */
function safeFileName(name: string) {
  const cleaned = [...name]
    .map((ch) =>
      ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '/\\:*?"<>|'.includes(ch) ? '_' : ch,
    )
    .join('')
    .trim();
  return cleaned || 'topics.xlsx';
}

/** RFC 6266: an ASCII fallback for old clients, the exact UTF-8 name (RFC 5987) for the rest. */
export function attachment(name: string) {
  const safe = safeFileName(name);
  const ascii = [...safe].map((ch) => (ch.charCodeAt(0) > 0x7e ? '_' : ch)).join('');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// Sizes of text as people read them, shared by the model's bounds (the providers' answer size) and
// the panels that cut long text (a tool's 12 MB result shown as its first 20,000 characters).

/** UTF-8 length of a string, without encoding it (a TextEncoder copy per delta would double the work). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one code point of 4 bytes.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** A size for people: decimal units, whole when whole ("2 MB", "1.5 MB", "640 KB", "12.0 MB" with `fixed`). */
export function formatSize(bytes: number, fixed = false): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : bytes >= 1e3 ? [bytes / 1e3, 'KB'] : [bytes, 'bytes'];
  if (unit === 'bytes') return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const shown = fixed ? value.toFixed(1) : String(Math.round(value * 100) / 100);
  return `${shown} ${unit}`;
}

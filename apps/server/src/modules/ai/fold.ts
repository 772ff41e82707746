import * as OpenCC from 'opencc-js';

let toSimplified: ((text: string) => string) | undefined;

/**
 * The form two keywords are compared in: full-width folded to half-width (NFKC), lower case,
 * Traditional folded to Simplified, runs of spaces collapsed. "停車場" and "停车场" are one keyword.
 */
export function fold(text: string): string {
  // Built on first use: the conversion tables take a moment to load.
  const convert = (toSimplified ??= OpenCC.Converter({ from: 'hk', to: 'cn' }));
  return convert(text.normalize('NFKC').toLowerCase()).replace(/\s+/g, ' ').trim();
}

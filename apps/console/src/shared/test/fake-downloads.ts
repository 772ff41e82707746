import { vi } from 'vitest';

/**
 * Test support only: the browser's downloads (saveFile) caught instead of made; `saved` lists the
 * file names saved, in order. `restore` puts the links' clicks back.
 */
export function fakeDownloads() {
  const saved: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { saved, restore: () => click.mockRestore() };
}

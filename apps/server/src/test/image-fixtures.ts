/**
 * A PNG of one colour, made with sharp: a real image whose bytes differ by size and colour (any CSS
 * colour: '#e65a28', 'rgb(230, 90, 40)'). The server's tests and the browser tests share it.
 */
export async function solidPng(width: number, height: number, color: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

import sharp, { type Color } from 'sharp';

/** A picture of one colour, for sharp to encode (`.png()`, `.jpeg()`, ...) or draw on. */
export const solidImage = (width: number, height: number, background: Color = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A photo as a phone would send it: GPS and camera EXIF, rotated by its orientation tag, with XMP. */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return solidImage(width, height, { r: 200, g: 120, b: 40 })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="200" cy="200" r="150" fill="#123"/></svg>`,
        ),
      },
    ])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SecretCam', Model: 'Spy 1', Artist: 'Home Address' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>secret-xmp</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Random pixels: a PNG that does not compress, to cross the part size. */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  const { randomBytes } = await import('node:crypto');
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A small PNG whose header declares far more pixels than we accept (it decompresses to gigabytes). */
export async function pngBomb(): Promise<Buffer> {
  return solidImage(8000, 8000, '#000').png({ compressionLevel: 9, palette: true, colours: 2 }).toBuffer();
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

export const htmlPage = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** HTML first, then a real JPEG: a browser sniffing it might run the script. */
export async function htmlJpegPolyglot(): Promise<Buffer> {
  const jpeg = await solidImage(8, 8, '#fff').jpeg().toBuffer();
  return Buffer.concat([Buffer.from('<html><script>alert(1)</script><!--'), jpeg]);
}

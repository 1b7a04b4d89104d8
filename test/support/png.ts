// Reading the pixels of the PNGs Chromium writes (8-bit RGB or RGBA, not interlaced), to count and
// compare them in tests without an image library.
import * as fs from "node:fs";
import * as zlib from "node:zlib";

/** A decoded image: `pixels` holds 4 bytes (RGBA) per pixel, row after row. */
export interface Pixels {
  width: number;
  height: number;
  pixels: Buffer;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes a PNG file; throws on a format it does not read (anything but 8-bit RGB/RGBA, not interlaced). */
export function readPng(file: string): Pixels {
  const data = fs.readFileSync(file);
  if (data.subarray(1, 4).toString("latin1") !== "PNG") throw new Error(`${file} is not a PNG`);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString("latin1");
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(
          `${file}: PNG depth ${depth}, colour type ${colour}, interlace ${interlace} not read`,
        );
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(body);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (rows[y * stride + x - channels] as number) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0;
      const c = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] as number) : 0;
      const v = line[x] as number;
      const predicted =
        filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      rows[y * stride + x] = (v + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rows.copy(pixels, i * 4, i * 3, i * 3 + 3);
    pixels[i * 4 + 3] = 255;
  }
  return { width, height, pixels };
}

/** How many pixels of the image are exactly this opaque colour. */
export function countColour(image: Pixels, [r, g, b]: readonly [number, number, number]): number {
  let n = 0;
  for (let i = 0; i < image.pixels.length; i += 4) {
    if (
      image.pixels[i] === r &&
      image.pixels[i + 1] === g &&
      image.pixels[i + 2] === b &&
      image.pixels[i + 3] === 255
    )
      n++;
  }
  return n;
}

/** The bytes of the image's rows from `top` (inclusive) to `bottom` (exclusive). */
export function rows(image: Pixels, top: number, bottom: number): Buffer {
  return image.pixels.subarray(top * image.width * 4, bottom * image.width * 4);
}

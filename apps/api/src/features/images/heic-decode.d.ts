// heic-decode ships no types: the part of its API this project uses.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel. */
    data: Uint8ClampedArray;
  }
  /** Decodes the primary image of a HEIC/HEIF file (libheif compiled to WebAssembly). */
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  export default decode;
}

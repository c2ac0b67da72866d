// The contract names no runtime (`types: []`), yet both of its runtimes — Node ≥ 20 and the
// browsers the console supports — have these globals; only the parts the contract uses.
// (Consumers compile the contract with their own DOM or Node types, which declare them fully.)
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}

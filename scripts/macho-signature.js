#!/usr/bin/env node
// Checks the code signature of a 64-bit Mach-O executable as the macOS kernel does before it runs
// one on Apple silicon: the LC_CODE_SIGNATURE blob must hold a CodeDirectory whose SHA-256 page
// hashes match every page of the file up to the signature. `bun build --compile` appends the program
// to bun's executable and signs the result ad hoc; this proves that the signature it wrote is valid
// without a Mac. `node scripts/macho-signature.js <file>` prints one line, exits 1 when it is not.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");

const LC_CODE_SIGNATURE = 0x1d;
const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CS_HASHTYPE_SHA256 = 2;

/** The signature's identifier and the count of pages checked; throws naming the first defect. */
function checkSignature(file) {
  const f = fs.readFileSync(file);
  if (f.readUInt32LE(0) !== 0xfeedfacf) throw new Error(`${file}: not a 64-bit Mach-O executable`);
  const ncmds = f.readUInt32LE(16);
  let off = 32;
  let sig;
  for (let i = 0; i < ncmds; i++) {
    const cmd = f.readUInt32LE(off);
    if (cmd === LC_CODE_SIGNATURE) sig = { offset: f.readUInt32LE(off + 8), size: f.readUInt32LE(off + 12) };
    off += f.readUInt32LE(off + 4);
  }
  if (!sig) throw new Error(`${file}: no code signature (LC_CODE_SIGNATURE)`);
  if (f.readUInt32BE(sig.offset) !== CSMAGIC_EMBEDDED_SIGNATURE)
    throw new Error(`${file}: no embedded signature blob`);
  const count = f.readUInt32BE(sig.offset + 8);
  for (let i = 0; i < count; i++) {
    const cd = sig.offset + f.readUInt32BE(sig.offset + 12 + 8 * i + 4);
    if (f.readUInt32BE(cd) !== CSMAGIC_CODEDIRECTORY) continue;
    const hashOffset = f.readUInt32BE(cd + 16);
    const identOffset = f.readUInt32BE(cd + 20);
    const nCodeSlots = f.readUInt32BE(cd + 28);
    const codeLimit = f.readUInt32BE(cd + 32);
    const hashSize = f.readUInt8(cd + 36);
    const hashType = f.readUInt8(cd + 37);
    const pageSize = 2 ** f.readUInt8(cd + 39);
    if (hashType !== CS_HASHTYPE_SHA256)
      throw new Error(`${file}: code directory hash type ${hashType}, not SHA-256`);
    if (codeLimit !== sig.offset)
      throw new Error(`${file}: the signature covers ${codeLimit} bytes of ${sig.offset}`);
    if (nCodeSlots !== Math.ceil(codeLimit / pageSize))
      throw new Error(`${file}: ${nCodeSlots} page hashes for ${codeLimit} bytes`);
    for (let k = 0; k < nCodeSlots; k++) {
      const page = f.subarray(k * pageSize, Math.min((k + 1) * pageSize, codeLimit));
      const want = f.subarray(cd + hashOffset + k * hashSize, cd + hashOffset + (k + 1) * hashSize);
      const got = crypto.createHash("sha256").update(page).digest().subarray(0, hashSize);
      if (!got.equals(want)) throw new Error(`${file}: page ${k} does not match its signed hash`);
    }
    const identifier = f.subarray(cd + identOffset, f.indexOf(0, cd + identOffset)).toString("utf8");
    return { identifier, pages: nCodeSlots };
  }
  throw new Error(`${file}: the signature has no code directory`);
}

module.exports = { checkSignature };

if (require.main === module) {
  try {
    const { identifier, pages } = checkSignature(process.argv[2]);
    console.log(`macho-signature: ${process.argv[2]}: valid (identifier ${identifier}, ${pages} pages)`);
  } catch (err) {
    console.error(`macho-signature: ${err.message}`);
    process.exit(1);
  }
}

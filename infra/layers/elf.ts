import * as fs from 'node:fs';

/** ELF e_machine values of the architectures we meet (see the System V ABI's list). */
const MACHINES: Record<number, string> = { 0x03: 'x86', 0x28: 'arm', 0x3e: 'x86-64', 0xb7: 'aarch64' };

/**
 * The CPU an ELF file (executable or shared object) is built for: `aarch64`, `x86-64`, ...; undefined when the
 * file is not a 64-bit little-endian ELF file. Reads 20 bytes of the header instead of spawning `file`, which a
 * fresh machine may lack; it is how the layer build proves it packed Lambda's arm64 build and not this machine's.
 */
export function elfMachine(file: string): string | undefined {
  const header = Buffer.alloc(20);
  const fd = fs.openSync(file, 'r');
  try {
    if (fs.readSync(fd, header, 0, header.length, 0) < header.length) return undefined;
  } finally {
    fs.closeSync(fd);
  }
  return elfMachineOf(header);
}

/** As `elfMachine`, from the first 20 bytes of a file. */
export function elfMachineOf(header: Uint8Array): string | undefined {
  const isElf = header[0] === 0x7f && header[1] === 0x45 && header[2] === 0x4c && header[3] === 0x46;
  // EI_CLASS 2 = 64-bit, EI_DATA 1 = little-endian; e_machine is the 16-bit word at offset 18.
  if (!isElf || header[4] !== 2 || header[5] !== 1) return undefined;
  const machine = header[18] | (header[19] << 8);
  return MACHINES[machine] ?? `machine 0x${machine.toString(16)}`;
}

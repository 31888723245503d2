import * as path from 'node:path';
import { elfMachine, elfMachineOf } from './elf';

/** An ELF header's first 20 bytes: 64-bit little-endian, with `machine` as e_machine. */
function header(machine: number): Uint8Array {
  const bytes = new Uint8Array(20);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  bytes[18] = machine & 0xff;
  bytes[19] = machine >> 8;
  return bytes;
}

describe('elfMachine', () => {
  it('names the CPU of this machine for the Node binary that runs the test', () => {
    const expected = { x64: 'x86-64', arm64: 'aarch64' }[process.arch as string];
    if (process.platform !== 'linux' || !expected) return; // ELF only: nothing to say on macOS or Windows
    expect(elfMachine(process.execPath)).toBe(expected);
  });

  it('recognises an arm64 (aarch64) header and rejects what is not a 64-bit little-endian ELF file', () => {
    expect(elfMachineOf(header(0xb7))).toBe('aarch64');
    expect(elfMachineOf(header(0x3e))).toBe('x86-64');
    expect(elfMachineOf(header(0xf3))).toBe('machine 0xf3');
    const thirtyTwoBit = header(0x28);
    thirtyTwoBit[4] = 1;
    expect(elfMachineOf(thirtyTwoBit)).toBeUndefined();
    expect(elfMachine(path.join(__dirname, 'elf.ts'))).toBeUndefined();
  });
});

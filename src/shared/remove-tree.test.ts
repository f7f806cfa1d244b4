import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTree } from './remove-tree.js';

describe('removeTree', () => {
  it('removes a folder with nested files and one whose name starts with a dash, and ignores a missing one', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-remove-'));
    const dir = path.join(parent, '-rf build');
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'a', 'b', 'page.html'), 'x');
    const keep = path.join(parent, 'keep.txt');
    fs.writeFileSync(keep, 'kept');
    await removeTree(dir);
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.readFileSync(keep, 'utf8')).toBe('kept');
    await removeTree(path.join(parent, 'missing'));
    fs.rmSync(parent, { recursive: true, force: true });
  });
});

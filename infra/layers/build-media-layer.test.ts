import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../context';
import { fakeMediaLayerDir, removeTempDirs } from '../tests/vigil-app';
import { buildMediaLayer } from './build-media-layer';
import { layerInstallFiles, type PackageLock } from './layer-lock';
import { MEDIA_LAYER_BINARIES, MEDIA_LAYER_MODULES, MEDIA_LAYER_STAMP } from './media-layer';

afterAll(removeTempDirs);

// The build itself needs the npm registry and is run by `npm run build:layers`; what is checked offline here is
// that a layer built from the same inputs is left alone, which is what keeps `npm run build` fast.
describe('buildMediaLayer', () => {
  it('does nothing when the layer on disk was built from the same lock entries and pins', () => {
    // Arrange
    const rootLock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as PackageLock;
    const { digest } = layerInstallFiles(rootLock, MEDIA_LAYER_MODULES, MEDIA_LAYER_BINARIES);
    const dir = fakeMediaLayerDir();
    fs.writeFileSync(path.join(dir, MEDIA_LAYER_STAMP), JSON.stringify({ digest }));
    const ffmpeg = path.join(dir, 'bin', 'ffmpeg');
    const before = fs.readFileSync(ffmpeg, 'utf8');

    // Act
    const result = buildMediaLayer(dir);

    // Assert
    expect(result).toBe('up to date');
    expect(fs.readFileSync(ffmpeg, 'utf8')).toBe(before);
  });
});

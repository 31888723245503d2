import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { MEDIA_LAYER_DIR } from '../layers/media-layer';
import { fakeMediaLayerDir, removeTempDirs, tempDir } from '../tests/vigil-app';
import { MediaLayer } from './media-layer';

afterAll(removeTempDirs);

// The stack without the layer is empty, which CloudFormation's own rules would report: not what is tested here.
const newStack = () => new Stack(new App({ outdir: tempDir('vigil-media-'), builtinCloudFormationValidation: false }), 'Media');

describe('MediaLayer', () => {
  it('is a Node 22 arm64 layer of the built directory and gives functions ffmpeg and ffprobe from /opt/bin', () => {
    // Arrange
    const stack = newStack();

    // Act
    const media = new MediaLayer(stack, 'MediaLayer', { dir: fakeMediaLayerDir() });

    // Assert
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['arm64'],
      CompatibleRuntimes: ['nodejs22.x'],
      LicenseInfo: 'Apache-2.0 AND LGPL-3.0-or-later AND GPL-3.0-or-later',
    });
    expect(media.functionProps()).toEqual({
      layers: [media.layer],
      environment: { FFMPEG_PATH: '/opt/bin/ffmpeg', FFPROBE_PATH: '/opt/bin/ffprobe' },
    });
    Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());
  });

  it('still synthesizes without the built layer, with a warning that says how to build it', () => {
    // Arrange
    const stack = newStack();

    // Act
    const media = new MediaLayer(stack, 'MediaLayer', { dir: path.join(tempDir('vigil-media-'), 'not-built') });

    // Assert
    expect(media.layer).toBeUndefined();
    expect(media.functionProps()).toEqual({ layers: [], environment: {} });
    Template.fromStack(stack).resourceCountIs('AWS::Lambda::LayerVersion', 0);
    Annotations.fromStack(stack).hasWarning('/Media/MediaLayer', Match.stringLikeRegexp('media layer is not built.*npm run build'));
  });

  it('refuses to synthesize without the built layer when it is required (prod)', () => {
    const dir = path.join(tempDir('vigil-media-'), 'not-built');
    expect(() => new MediaLayer(newStack(), 'MediaLayer', { dir, required: true })).toThrow(/media layer is not built.*stage=prod refuses.*npm run build:layers/);
  });

  it('reads dist/layers/media by default', () => {
    expect(new MediaLayer(newStack(), 'MediaLayer').dir).toBe(MEDIA_LAYER_DIR);
  });
});

import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PDF_LAYER_LICENSE, pdfLayerForSynth } from '../layers/pdf-layer';
import { VIGIL_RUNTIME } from './api-function';

/**
 * The PDF layer as a Lambda LayerVersion: pdfmake, pdfkit and fontkit under `/opt/nodejs/node_modules`
 * (infra/layers/pdf-layer.ts). Every bundle leaves them out (LAMBDA_BUNDLE.external), so each function that
 * renders PDFs gets this layer. Plain JavaScript copied from the project's node_modules at synth: no separate
 * build step, nothing downloaded. Each stack has its own LayerVersion of the same asset (uploaded once).
 */
export class PdfLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      code: lambda.Code.fromAsset(pdfLayerForSynth()),
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [VIGIL_RUNTIME],
      description: 'Vigil PDF renderer: pdfmake, pdfkit, fontkit',
      license: PDF_LAYER_LICENSE,
    });
  }
}

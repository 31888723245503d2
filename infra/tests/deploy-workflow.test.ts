import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROD_REQUIRED_KEYS, REPO_ROOT } from '../context';

// .github/workflows/deploy.yml, read as text (no YAML parser is a dependency of the project): production is
// deployed only after CI passed on main, with OIDC credentials, behind the `prod` environment; PRs get a diff.
const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, '.github', 'workflows', file), 'utf8');
const deploy = read('deploy.yml');
/** The lines of one top-level block (`on:`) or one job (`  deploy:`), up to the next line as indented as it. */
const block = (text: string, header: string) => {
  const lines = text.split('\n');
  const start = lines.indexOf(header);
  expect(start).toBeGreaterThanOrEqual(0);
  const indent = header.length - header.trimStart().length;
  const end = lines.findIndex((l, i) => i > start && l.trim() !== '' && !l.trimStart().startsWith('#') && l.length - l.trimStart().length <= indent);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
};

describe('deploy.yml', () => {
  it('deploys on main only after the ci workflow completed successfully, the commit CI tested', () => {
    const on = block(deploy, 'on:');
    expect(on).not.toMatch(/^\s+push:/m);
    expect(on).toMatch(/workflow_run:\n\s+workflows: \[ci\]\n\s+types: \[completed\]\n\s+branches: \[main\]/);
    // The workflow it waits for is named `ci`.
    expect(read('ci.yml')).toMatch(/^name: ci$/m);

    const job = block(deploy, '  deploy:');
    expect(job).toContain("github.event.workflow_run.conclusion == 'success'");
    expect(job).toContain("github.event.workflow_run.event == 'push'");
    expect(job).toContain('ref: ${{ github.event.workflow_run.head_sha }}');
    expect(job).toMatch(/cdk deploy --all .*\$\{\{ env\.CDK_CONTEXT \}\}/);
    expect(deploy).toMatch(/CDK_CONTEXT: >-\n\s+-c stage=prod/);
  });

  it('keeps the environment gate and OIDC credentials from a role, and the diff on pull requests', () => {
    const job = block(deploy, '  deploy:');
    expect(job).toMatch(/environment:\n\s+name: prod/);
    expect(block(deploy, 'permissions:')).toContain('id-token: write');
    expect(deploy).not.toMatch(/aws-access-key-id|aws-secret-access-key|secrets\.AWS/i);
    for (const name of ['  deploy:', '  diff:']) expect(block(deploy, name)).toContain('role-to-assume: ${{ vars.AWS_DEPLOY_ROLE_ARN }}');

    const diff = block(deploy, '  diff:');
    expect(block(deploy, 'on:')).toMatch(/^\s+pull_request:/m);
    expect(diff).toContain("if: github.event_name == 'pull_request'");
    expect(diff).toContain('npx cdk diff --all ${{ env.CDK_CONTEXT }}');
  });

  it('passes every key the prod synth requires, builds the media layer strictly and smoke-tests the deployment', () => {
    const context = block(deploy, 'env:');
    for (const [key, variable] of [
      ['providerSecretArn', 'VIGIL_PROVIDER_SECRET_ARN'],
      ['stripeSecretArn', 'VIGIL_STRIPE_SECRET_ARN'],
      ['billing', 'VIGIL_BILLING'],
      ['certificateArn', 'VIGIL_CERTIFICATE_ARN'],
      ['apiCertificateArn', 'VIGIL_API_CERTIFICATE_ARN'],
      ...PROD_REQUIRED_KEYS.map((k) => [k, '']),
    ]) {
      expect(context).toMatch(new RegExp(`-c ${key}="?\\$\\{\\{ vars\\.${variable || 'VIGIL_'}`));
    }
    const steps = block(deploy, '  deploy:').split('\n');
    const at = (pattern: RegExp) => steps.findIndex((l) => pattern.test(l));
    const layer = at(/run: npm run build:layers -- --force/);
    const cdkDeploy = at(/run: npx cdk deploy --all --strict .*--outputs-file cdk-outputs\.json/);
    const smoke = at(/run: npx tsx infra\/smoke\/smoke\.ts --site \$\{\{ vars\.VIGIL_SITE_URL \}\} --outputs cdk-outputs\.json/);
    expect(layer).toBeGreaterThan(0);
    expect(cdkDeploy).toBeGreaterThan(layer);
    expect(smoke).toBeGreaterThan(cdkDeploy);
    // The layer build is its own step: no `|| true` or continue-on-error can hide its failure.
    expect(block(deploy, '  deploy:')).not.toMatch(/continue-on-error|\|\| true/);
  });

  it('runs CI on Node 22, the Lambda runtime', () => {
    expect(read('ci.yml')).toMatch(/node-version: 22\b/);
    for (const job of ['  deploy:', '  diff:']) expect(block(deploy, job)).toMatch(/node-version: 22\b/);
  });
});

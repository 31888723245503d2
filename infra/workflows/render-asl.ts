import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

/** Amazon States Language as a plain object, ready for `new StateMachine(asl)` of aws-local-stepfunctions. */
export type Asl = { StartAt: string; States: Record<string, Record<string, unknown>> } & Record<string, unknown>;

export const FAKE_ACCOUNT = '123456789012';
export const FAKE_REGION = 'us-east-1';

/** `arn:aws:lambda:us-east-1:123456789012:function:vigil-<name>`: what a faked task function is called. */
export const fakeFunctionArn = (name: string) => `arn:aws:lambda:${FAKE_REGION}:${FAKE_ACCOUNT}:function:vigil-${name}`;

/**
 * Renders a workflow definition to ASL without a synth (~10 ms), so the local runtime runs the very ASL the
 * CDK stack deploys. `build` is the same function the stack calls; here it gets, for every name in
 * `taskNames`, a Lambda function imported from a fake ARN, so every task renders as a real Task state.
 * Tokens that remain (partition, region, references) are replaced by fixed fake values.
 */
export function renderAsl<T extends string>(
  build: (scope: Construct, fns: Partial<Record<T, lambda.IFunction>>) => sfn.IChainable,
  taskNames: readonly T[],
): Asl {
  const stack = new Stack(new App(), 'AslRender', { env: { account: FAKE_ACCOUNT, region: FAKE_REGION } });
  const fns: Partial<Record<T, lambda.IFunction>> = {};
  for (const name of taskNames) {
    fns[name] = lambda.Function.fromFunctionArn(stack, `Fake${name}`, fakeFunctionArn(name));
  }
  const chain = build(stack, fns);
  const graph = new sfn.StateGraph(chain.startState, 'render');
  const resolved = stack.resolve(stack.toJsonString(graph.toGraphJson())) as unknown;
  const text = resolveIntrinsics(resolved);
  if (typeof text !== 'string') throw new Error('ASL did not render to a string');
  return JSON.parse(text) as Asl;
}

const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': FAKE_REGION,
  'AWS::AccountId': FAKE_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': 'AslRender',
};

/**
 * Evaluates the few CloudFormation intrinsics a resolved definition can hold (Fn::Join, Ref, Fn::GetAtt,
 * Fn::Select, Fn::Split) with fake values. There is no library for this outside the CDK's own deploy
 * machinery, and the subset is tiny, hence by hand.
 */
function resolveIntrinsics(value: unknown): unknown {
  if (typeof value === 'string' || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(resolveIntrinsics);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [fn, arg] = entries[0];
    switch (fn) {
      case 'Fn::Join': {
        const [sep, parts] = arg as [string, unknown[]];
        return parts.map((p) => String(resolveIntrinsics(p))).join(sep);
      }
      case 'Ref':
        return PSEUDO[arg as string] ?? `fake-${String(arg)}`;
      case 'Fn::GetAtt': {
        const [logicalId, attr] = arg as [string, string];
        return `arn:aws:fake:${FAKE_REGION}:${FAKE_ACCOUNT}:${logicalId}/${attr}`;
      }
      case 'Fn::Select': {
        const [index, list] = arg as [number | string, unknown];
        return (resolveIntrinsics(list) as unknown[])[Number(index)];
      }
      case 'Fn::Split': {
        const [sep, source] = arg as [string, unknown];
        return String(resolveIntrinsics(source)).split(sep);
      }
      default:
        if (fn.startsWith('Fn::')) throw new Error(`renderAsl: unsupported intrinsic ${fn}`);
    }
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, resolveIntrinsics(v)]));
}

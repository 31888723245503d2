import { Stack, Validations } from 'aws-cdk-lib';
// cdk-nag's own renderer of CloudFormation references in finding ids (not re-exported from its index).
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag's AwsSolutions-IAM5 finding for one wildcard resource (`<bucket arn>/*`,
 * `<function arn>:*`) on `scope`, and nothing else. The finding id embeds the resource as cdk-nag renders
 * it, and a cross-stack reference only gets its final form (`Fn::GetStackOutput`) once the app is prepared;
 * so the id is computed in a construct validation, which runs after references are resolved and before
 * the validation plugins.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  scope.node.addValidation({
    validate: () => {
      const rendered = flattenCfnReference(Stack.of(scope).resolve(resource)) as string;
      Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${rendered}]`, reason });
      return [];
    },
  });
}

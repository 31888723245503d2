import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { ApiFunction } from '../constructs/api-function';
import { grantTable } from '../constructs/grants';

/**
 * Cognito's triggers (issue 26): the pre sign-up trigger refuses a hosted-UI sign-up while maintenance mode is on
 * (functions/jobs/pre-sign-up.ts), reading the setting from the table. Keyed by construct id, which is also its
 * name in lambdaFunctions() (bundles mode, bench:lambda).
 */
export const TRIGGER_SPECS = {
  PreSignUp: { entry: 'functions/jobs/pre-sign-up.ts', timeout: Duration.seconds(5) },
} as const;

/** The Cognito group whose members are Vigil admins (ARCHITECTURE.md, "Shape of the code"); the API gets it as ADMIN_GROUP. */
export const ADMIN_GROUP = 'admin';

export interface AuthStackProps extends StackProps {
  /** The site's origin, `https://vigil.example.com`. */
  siteUrl: string;
  /** Hosted-UI domain prefix; default `vigil-<account id>`. */
  domainPrefix?: string;
  /** Require TOTP MFA for everyone; default optional. */
  requireMfa?: boolean;
  /**
   * Send Cognito's mail (verification codes, password resets) through SES from this address, whose domain is a
   * verified SES identity in the stack's region. Unset: Cognito's own sender (a small daily quota; dev only).
   */
  sesFrom?: string;
  /** The table holding the maintenance setting: with it, the pre sign-up trigger refuses sign-ups during maintenance. */
  table?: dynamodb.ITable;
}

/**
 * Identity: a Cognito user pool with e-mail sign-in and self sign-up, its hosted UI, and one app client for
 * the backend-for-frontend (`/api/login` -> hosted UI -> `/api/auth/callback`, code flow with PKCE).
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** `https://cognito-idp.<region>.amazonaws.com/<pool id>`: the OIDC issuer (discovery lives under it). */
  readonly issuerUrl: string;
  readonly clientId: string;
  /** Cognito's non-standard logout endpoint with client id and return address filled in. */
  readonly logoutUrl: string;
  readonly hostedUiUrl: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      email: props.sesFrom
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.sesFrom,
            fromName: 'Vigil',
            sesRegion: this.region,
            sesVerifiedDomain: props.sesFrom.split('@').pop()!,
          })
        : undefined,
      mfa: props.requireMfa ? cognito.Mfa.REQUIRED : cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Plus tier: adaptive authentication and compromised-credential checks, enforced rather than audited.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    if (!props.requireMfa) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional by default so creators can sign up self-service; enforced threat protection (Plus tier) ' +
          'blocks compromised credentials and scores risky sign-ins. -c requireMfa=true makes TOTP mandatory.',
      });
    }

    if (props.table) {
      // Maintenance mode stops new registrations on the hosted UI too (Cognito shows the trigger's message).
      const spec = TRIGGER_SPECS.PreSignUp;
      const trigger = new ApiFunction(this, 'PreSignUp', {
        entry: spec.entry,
        description: 'Cognito pre sign-up: refuses sign-ups while maintenance mode is on',
        environment: { TABLE_NAME: props.table.tableName },
        memorySize: 256,
        timeout: spec.timeout,
      });
      grantTable(props.table, trigger, 'read');
      this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, trigger.fn);
    }

    const domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: props.domainPrefix ?? `vigil-${Aws.ACCOUNT_ID}` },
    });

    this.client = this.userPool.addClient('WebClient', {
      // A public client: the BFF proves possession with PKCE; no client secret has to be shipped to Lambda.
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [`${props.siteUrl}/api/auth/callback`],
        logoutUrls: [`${props.siteUrl}/`],
      },
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // Tokens are exchanged once at the callback and never reach the browser; the server session rules after that.
      idTokenValidity: Duration.minutes(60),
      accessTokenValidity: Duration.minutes(60),
      refreshTokenValidity: Duration.days(1),
    });

    // Sign-in happens only on the hosted UI: no SRP or password API flows, just refresh.
    (this.client.node.defaultChild as cognito.CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];

    this.userPool.addGroup('AdminGroup', {
      groupName: ADMIN_GROUP,
      description: 'Vigil administrators: may call /api/admin/* and read any account.',
    });

    // The ProviderURL attribute lacks the scheme; the issuer in Cognito's tokens is the https URL.
    this.issuerUrl = `https://cognito-idp.${this.region}.${this.urlSuffix}/${this.userPool.userPoolId}`;
    this.clientId = this.client.userPoolClientId;
    this.hostedUiUrl = domain.baseUrl();
    this.logoutUrl = Fn.join('', [
      this.hostedUiUrl,
      '/logout?client_id=',
      this.clientId,
      `&logout_uri=${encodeURIComponent(`${props.siteUrl}/`)}`,
    ]);

    new CfnOutput(this, 'IssuerUrl', { value: this.issuerUrl, description: 'OIDC_ISSUER' });
    new CfnOutput(this, 'ClientId', { value: this.clientId, description: 'OIDC_CLIENT_ID' });
    new CfnOutput(this, 'LogoutUrl', { value: this.logoutUrl, description: 'OIDC_LOGOUT_URL' });
    new CfnOutput(this, 'HostedUiUrl', { value: this.hostedUiUrl, description: 'Cognito hosted UI base URL' });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, description: 'For admin-add-user-to-group' });
  }
}

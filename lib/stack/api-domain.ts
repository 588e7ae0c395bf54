/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the REST API on a custom domain of its owner's, when the context
 * names one (`-c domainName=api.example.com -c certificateArn=arn:aws:acm:...`, optional `-c hostedZoneId=Z...`).
 * The stage is mapped with an empty base path, so the domain is the spec's `{base_url}` and the routes answer at
 * exactly the spec's URLs: `https://api.example.com/v1/tax/rate`, `https://api.example.com/vendors`. With a hosted zone
 * the alias record is created; otherwise the `ApiDomainTarget` output is the name to point the domain at.
 */
import { CfnOutput, type Stack } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';

export interface ApiDomainSettings {
  /** The host name clients call, e.g. `api.example.com`. */
  readonly domainName: string;
  /** An ACM certificate for it in the stack's region (a regional endpoint takes only those). */
  readonly certificateArn: string;
  /** The Route 53 hosted zone that holds the domain: an alias A record is created there. Without it, DNS is yours. */
  readonly hostedZoneId?: string;
}

/** The context values of a custom domain, checked: none (no custom domain) or at least the domain and certificate. */
export function apiDomainFromContext(context: {
  readonly domainName?: unknown;
  readonly certificateArn?: unknown;
  readonly hostedZoneId?: unknown;
}): ApiDomainSettings | undefined {
  const text = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? undefined : String(value).trim());
  const domainName = text(context.domainName);
  const certificateArn = text(context.certificateArn);
  const hostedZoneId = text(context.hostedZoneId);
  if (!domainName) {
    if (certificateArn || hostedZoneId) throw new Error('context certificateArn and hostedZoneId need domainName (-c domainName=api.example.com)');
    return undefined;
  }
  if (!certificateArn) throw new Error(`context domainName=${domainName} needs certificateArn (an ACM certificate for it in the stack's region)`);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(domainName)) {
    throw new Error(`context domainName '${domainName}' is not a host name (e.g. api.example.com: no scheme, no path)`);
  }
  return { domainName: domainName.toLowerCase(), certificateArn, ...(hostedZoneId && { hostedZoneId }) };
}

/** The domain name, its mapping of the stage to the root, the alias record or the output naming its target; its URL. */
export function addApiDomain(stack: Stack, api: apigateway.RestApi, settings: ApiDomainSettings): string {
  const domain = new apigateway.DomainName(stack, 'ApiDomain', {
    domainName: settings.domainName,
    certificate: acm.Certificate.fromCertificateArn(stack, 'ApiDomainCertificate', settings.certificateArn),
    endpointType: apigateway.EndpointType.REGIONAL,
    securityPolicy: apigateway.SecurityPolicy.TLS_1_2,
  });
  // No base path: `/v1/tax/rate` on the domain is `/v1/tax/rate` of the stage, as the spec writes it.
  new apigateway.BasePathMapping(stack, 'ApiDomainMapping', { domainName: domain, restApi: api, stage: api.deploymentStage });
  if (settings.hostedZoneId) {
    new route53.ARecord(stack, 'ApiDomainRecord', {
      zone: route53.HostedZone.fromHostedZoneId(stack, 'ApiDomainZone', settings.hostedZoneId),
      // Fully qualified (the trailing dot), so the zone's name is not needed to place it.
      recordName: `${settings.domainName}.`,
      target: route53.RecordTarget.fromAlias(new targets.ApiGatewayDomain(domain)),
    });
  } else {
    new CfnOutput(stack, 'ApiDomainTarget', {
      value: domain.domainNameAliasDomainName,
      description: `Point ${settings.domainName} at this name (an alias A record in Route 53, or a CNAME elsewhere); with -c hostedZoneId the stack does it`,
    });
  }
  return `https://${settings.domainName}`;
}

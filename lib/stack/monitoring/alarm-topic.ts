/**
 * Infrastructure (CDK, part of lib/monitoring.ts): the SNS topic every alarm notifies on ALARM and OK, encrypted with a
 * key of its own and TLS only, that only this stack's alarms may publish to.
 */
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** `stackName`: what alarm names start with; `alarmEmail` is subscribed when given (it must confirm). */
export function createAlarmTopic(scope: Construct, stackName: string, alarmEmail: string | undefined): sns.Topic {
  const alarmArns = `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${stackName}-*`;
  // The AWS managed SNS key cannot be used by CloudWatch, so the topic has its own key.
  const key = new kms.Key(scope, 'AlarmTopicKey', {
    description: `${stackName}: encrypts the alarm notification topic`,
    enableKeyRotation: true,
    // It protects only notifications in flight: nothing outlives the topic that would need it.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  });
  // As AWS documents for alarms on encrypted topics; the key serves this one topic only.
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );
  const topic = new sns.Topic(scope, 'AlarmTopic', {
    displayName: `${stackName} alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  // enforceSSL writes a topic policy, which replaces the default one: let this stack's alarms publish, only them.
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID }, ArnLike: { 'aws:SourceArn': alarmArns } },
    }),
  );
  if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
  return topic;
}

/**
 * Infrastructure (CDK, part of lib/levy-stack.ts): the documents bucket in the root stack, where exemption certificate
 * documents live: private, S3 managed encryption, versioned, TLS only, retained on delete. The route functions get
 * their object actions on it from src/config/routes.ts (lib/stack/route-functions.ts).
 */
import { Duration, RemovalPolicy, type Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { STAGED_UPLOADS_EXPIRE_DAYS, STAGED_UPLOADS_PREFIX } from '../../src/config/documents';

export function createDocumentsBucket(stack: Stack): s3.Bucket {
  const bucket = new s3.Bucket(stack, 'DocumentsBucket', {
    encryption: s3.BucketEncryption.S3_MANAGED,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    versioned: true,
    enforceSSL: true,
    removalPolicy: RemovalPolicy.RETAIN,
    // A deleted or replaced document's last version is kept 90 days (an accidental delete can be undone), then gone.
    lifecycleRules: [
      { id: 'ExpireDeletedDocuments', noncurrentVersionExpiration: Duration.days(90), expiredObjectDeleteMarker: true },
      // An upload to a pre-signed URL that is never completed is not a document: gone after a day, its versions too.
      {
        id: 'ExpireStagedUploads',
        prefix: `${STAGED_UPLOADS_PREFIX}/`,
        expiration: Duration.days(STAGED_UPLOADS_EXPIRE_DAYS),
        noncurrentVersionExpiration: Duration.days(1),
      },
    ],
  });
  Validations.of(bucket).acknowledge({
    id: 'AwsSolutions-S1',
    reason:
      "No S3 server access logs: the bucket is reached only by the document routes' functions (one object action each, " +
      'on one key prefix), whose every call is in the API access log with the account and request id; a log bucket ' +
      'would hold a second copy of that trail. CloudTrail data events are the step if object-level audit is required.',
  });
  return bucket;
}

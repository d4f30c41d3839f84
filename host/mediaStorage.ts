import type { Plugin } from 'payload'

import { s3Storage } from '@payloadcms/storage-s3'

/**
 * Where uploaded and imported images are kept: with `MEDIA_S3_BUCKET` set, in that S3 bucket (`MEDIA_S3_REGION`,
 * and `MEDIA_S3_ENDPOINT` for an S3-compatible server other than AWS; credentials as the AWS SDK finds them, e.g.
 * `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`), so every server instance serves every image; else on the local
 * disk. The storage fields are in the schema either way, so the setting changes no migration.
 */
export function mediaStorage(media: string): Plugin {
  const bucket = process.env.MEDIA_S3_BUCKET
  const endpoint = process.env.MEDIA_S3_ENDPOINT
  return s3Storage({
    enabled: Boolean(bucket),
    alwaysInsertFields: true,
    bucket: bucket ?? '',
    collections: { [media]: true },
    config: {
      region: process.env.MEDIA_S3_REGION || 'us-east-1',
      ...(endpoint && {
        endpoint,
        forcePathStyle: true,
        // The SDK's checksum trailers are optional on S3; many S3-compatible servers reject them, or keep a streamed
        // upload's chunk framing as part of the object.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    },
  })
}

/**
 * The development host turns Payload's version check off only for the one package that has no release of
 * Payload's version, and runs it over every other Payload package: a real mismatch is still reported.
 */
import {
  BEHIND_PAYLOAD,
  checkPayloadVersions,
  payloadPackages,
} from '../../host/payloadVersions.js'

test("every Payload package installed, but the one behind, has payload's version", async () => {
  expect(payloadPackages()).toEqual(
    expect.arrayContaining(['payload', '@payloadcms/ui', ...BEHIND_PAYLOAD]),
  )
  await expect(checkPayloadVersions()).resolves.toBeUndefined()
})

test('a package at another version stops the start, naming it', async () => {
  await expect(checkPayloadVersions(payloadPackages())).rejects.toThrow(
    /Mismatching "payload" dependency versions found: @payloadcms\/storage-s3@3\.90\.1/,
  )
})

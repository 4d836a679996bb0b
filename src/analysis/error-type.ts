// A result's `errorType` as the vendor spells it, read in one place (the instant results, the
// record summaries and the results health all ask). "No error" is spelt per dialect:
// - v6 data: `None` (the v6 reference: "value None when none");
// - v7 endpoint HTTP results (`Endpoint_Test_Results_API_HttpErrorType`) and SIP results
//   (`Test_Results_API_SipServerErrorType`): `none`, their enums being lower case;
// - v7 enterprise HTTP, page, transaction and API results: a free string whose example is `None`.
// Matched case-exactly on purpose: a value no schema spells ('NONE', 'None ') is not the service
// saying there was no error, so it is shown as the error it names rather than waved through.

/** The vendor's spellings of "no error": v6's (and v7 enterprise results') and v7's lower-case enums'. */
export const NO_ERROR_TYPES: readonly string[] = ['None', 'none'];

/** The service's own word that there was no error (an absent errorType says nothing either way). */
export function isNoErrorType(errorType: unknown): boolean {
  return typeof errorType === 'string' && NO_ERROR_TYPES.includes(errorType);
}

/** The error the round reports, or undefined when it reports none (absent, empty or the no-error word). */
export function reportedErrorType(errorType: unknown): string | undefined {
  return typeof errorType === 'string' && errorType !== '' && !isNoErrorType(errorType) ? errorType : undefined;
}

/**
 * Config (single source of truth): where exemption certificate documents are kept. The stack sets the bucket's name
 * in DOCUMENTS_BUCKET on the functions that read or write documents and grants them only the key prefix below; the
 * local runtime sets the folder instead (src/config/environment.ts reads both). Pure data.
 */

/** The documents bucket (deployed). */
export const DOCUMENTS_BUCKET_ENV_VAR = 'DOCUMENTS_BUCKET';
/** The folder of the local blob store (`npm start`: .levy/documents; tests: a temporary folder). */
export const DOCUMENTS_DIR_ENV_VAR = 'LEVY_DOCUMENTS_DIR';
/** The key prefix of every certificate document (the grants name it). */
export const DOCUMENTS_KEY_PREFIX = 'exemption-documents';

/**
 * Locally, the base of the pre-signed document URLs: the local server's own URL (`npm start` sets it; tests set the
 * URL of the server they start). The server serves them under LOCAL_DOCUMENT_URLS_PATH.
 */
export const DOCUMENTS_URL_ENV_VAR = 'LEVY_DOCUMENTS_URL';
/** Locally, the HMAC key of the pre-signed document URLs; unset, each process makes its own at first use. */
export const DOCUMENTS_URL_SECRET_ENV_VAR = 'LEVY_DOCUMENTS_URL_SECRET';
/** The local server's path for pre-signed document URLs (S3 serves them when deployed). */
export const LOCAL_DOCUMENT_URLS_PATH = '/__levy/documents';

/** A direct upload or download through the function carries at most this much; larger ones use pre-signed URLs. */
export const MAX_INLINE_DOCUMENT_BYTES = 4 * 1024 * 1024;
/** How long a pre-signed upload URL stays valid (S3's default for the console's uploads is far longer; 15 min is enough for 5 MiB). */
export const UPLOAD_URL_EXPIRES_SECONDS = 15 * 60;
/** How long a pre-signed download URL (the 303's Location) stays valid. */
export const DOWNLOAD_URL_EXPIRES_SECONDS = 5 * 60;
/** Where staged uploads wait for `complete`, under the documents prefix (the grants cover it); a lifecycle rule expires them. */
export const STAGED_UPLOADS_PREFIX = `${DOCUMENTS_KEY_PREFIX}/staged`;
/** A staged upload not completed is removed by the bucket's lifecycle rule after this many days. */
export const STAGED_UPLOADS_EXPIRE_DAYS = 1;

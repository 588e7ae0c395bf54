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

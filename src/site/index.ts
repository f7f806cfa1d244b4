export { loadSite, type LoadSiteOptions, type Site, type SiteLoad } from './load-site.js';
export { loadSiteOpenApi, referencesOpenApi, type SiteOpenApi } from './openapi.js';
export { gitLastModified, wantsTimestamps } from './last-modified.js';
export { groupPublicFlags, pageGroups, protectedHrefs, type AccessScope } from './access.js';
export { siteApiHosts, siteMcpTools } from './api-hosts.js';
export { applyPageEdits, bodyOnlyEdits, type PageEdit } from './page-edits.js';
export { gitBlobId, gitFileHistory, type FileChange, type FileHistory } from './file-history.js';
export {
  currentBlobId,
  describeBehind,
  languagePagesOf,
  readTranslationReport,
  staleNoticeHrefs,
  staleTranslationHrefs,
  TRANSLATION_RECORD_KEY,
  translationRecordOf,
  translationReport,
  withTranslationRecord,
  type Behind,
  type LanguagePage,
  type LanguagePages,
  type LanguageSummary,
  type TranslationReport,
  type TranslationState,
  type TranslationStatus,
} from './translations.js';

// What the app uses of insight (issue 31): app.ts registers the ingestion of the web app's analytics batches
export { insightRoutesPlugin } from './insight.routes.ts';
// support replay (issue 31 item 3) hangs its recordings on these sessions (the rule of which are recorded now, as an
// expression its upload statement uses and as a read) and takes batches from the same pages
export { isRecordedNow, recordedSession } from './insight.repo.ts';
export { refuseForeignPages } from './page-origin.ts';

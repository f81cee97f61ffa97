// What the app uses of insight (issue 31): app.ts registers the ingestion of the web app's analytics batches
export { insightRoutesPlugin } from './insight.routes.ts';
// support replay (issue 31 item 3) hangs its recordings on these sessions and takes batches from the same pages
export { recordedSession } from './insight.repo.ts';
export { refuseForeignPages } from './page-origin.ts';

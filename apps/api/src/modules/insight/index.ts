// What the app uses of insight (issue 31): app.ts registers the ingestion of the web app's analytics batches
export { insightRoutesPlugin } from './insight.routes.ts';

// What the app uses of support replay (issue 31 item 3): app.ts registers its routes (the recorder's uploads, the
// operator's reads); its recordings' retention is modules/retention's
export { replayRoutesPlugin } from './replay.routes.ts';

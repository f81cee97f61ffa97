// What other modules may use of files (module faces: nothing else is imported from outside this folder)
export { insertFile } from './files.repo.ts';

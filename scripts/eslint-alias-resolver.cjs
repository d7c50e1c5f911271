// eslint-plugin-import resolver for our tsconfig path aliases (@shared/*, @/*), delegating to the
// node resolver with TypeScript extensions. (The TypeScript resolver package pulls in platform
// binaries that this project's registry cannot serve.)
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const root = path.resolve(__dirname, '..');
const aliases = [
  ['@shared/', path.join(root, 'shared/')],
  ['@/', path.join(root, 'client/src/')],
];
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'];

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  const target = alias ? alias[1] + source.slice(alias[0].length) : source;
  return nodeResolver.resolve(target, file, { extensions });
};

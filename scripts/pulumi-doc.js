// A doc of the provider in Pulumi's words, for the generators that run before the build: its tags
// spelt by the provider's own code (provider/words/doc.ts, provider/pulumi/words.ts), read from
// their TypeScript sources.
"use strict";
require("ts-node").register({
  transpileOnly: true,
  compilerOptions: { module: "node16", moduleResolution: "node16" },
});
const { spellDoc } = require("../provider/words/doc");
const { PULUMI_WORDS } = require("../provider/pulumi/words");

/** `doc` as Pulumi's schema and SDK show it. */
const pulumiDoc = (doc) => spellDoc(doc, PULUMI_WORDS);

module.exports = { pulumiDoc };

// Plain JavaScript: the program imports only its component library, never pulumi-sender itself.
"use strict";
const { newsletter } = require("newsletter-library");

const campaign = newsletter("via-library", "Through a component library");

exports.campaignId = campaign.id;

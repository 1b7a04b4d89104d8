// Campaigns, transactional campaigns and webhooks of the Sender.net email-marketing API v2.
package sender

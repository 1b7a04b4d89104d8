resource "sender_campaign" "summer" {
  title        = "Summer preview"
  subject      = "A first look at our summer range"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Summer preview</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

# A proof to the team's inboxes before the send: sent at apply, and again when the campaign's
# subject or content changes (content_hash follows it, so the plan already shows the coming proof).
resource "sender_campaign_proof" "summer" {
  campaign_id  = sender_campaign.summer.id
  addresses    = ["editor@example.com", "review@example.com"]
  content_hash = sender_campaign.summer.content_hash
}

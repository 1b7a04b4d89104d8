resource "sender_campaign" "spring" {
  title        = "Spring sale"
  subject      = "Our spring sale starts today"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Spring sale</h1>"
}

# A proof to the team's inboxes before the send: sent at apply, and again when the campaign's
# subject or content changes (content_hash follows it, so the plan already shows the coming proof).
resource "sender_campaign_proof" "spring" {
  campaign_id  = sender_campaign.spring.id
  addresses    = ["editor@example.com", "review@example.com"]
  content_hash = sender_campaign.spring.content_hash
}

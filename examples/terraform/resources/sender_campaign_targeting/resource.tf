resource "sender_campaign" "spring" {
  title        = "Spring sale"
  subject      = "Spring sale: 20% off"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Spring sale</h1>"
}

resource "sender_campaign_targeting" "spring" {
  campaign_id      = sender_campaign.spring.id
  tag_ids          = ["tag001", "tag002"]
  excluded_tag_ids = ["tag004"]
}

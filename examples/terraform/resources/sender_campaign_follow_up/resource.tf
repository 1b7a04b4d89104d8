resource "sender_campaign" "launch" {
  title        = "Product launch"
  subject      = "Meet the new Example"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>It is here</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

resource "sender_campaign_follow_up" "launch_nudge" {
  campaign_id = sender_campaign.launch.id
  subject     = "Did you miss our launch?"
  delay_hours = 48
}

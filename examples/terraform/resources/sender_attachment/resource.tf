resource "sender_campaign" "guide" {
  title        = "Getting started guide"
  subject      = "Your getting started guide"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<p>The guide is attached.</p><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

resource "sender_attachment" "guide_pdf" {
  campaign_id = sender_campaign.guide.id
  url         = "https://example.com/files/welcome-guide.pdf"
}

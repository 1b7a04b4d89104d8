resource "sender_campaign" "welcome" {
  title        = "Welcome series"
  subject      = "Welcome to Example News"
  from         = "Example News"
  reply_to     = "news@example.com"
  content_type = "html"
  content      = "<h1>Welcome!</h1><p><a href='{{unsubscribe_link}}'>Unsubscribe</a></p>"
}

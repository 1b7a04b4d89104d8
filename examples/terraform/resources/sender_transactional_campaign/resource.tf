resource "sender_transactional_campaign" "password_reset" {
  title    = "Password reset link"
  subject  = "Reset your password"
  from     = "Example News"
  reply_to = "news@example.com"
  editor   = "html"
  content  = "<p>Follow the link in this email to reset your password.</p>"
}

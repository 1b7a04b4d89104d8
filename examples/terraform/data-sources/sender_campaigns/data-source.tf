data "sender_campaigns" "sent" {
  status    = "SENT"
  max_items = 10
}

data "sender_transactional_campaigns" "all" {
  max_items = 10
}

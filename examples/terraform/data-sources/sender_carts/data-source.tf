data "sender_carts" "recent" {
  max_items = 10
}

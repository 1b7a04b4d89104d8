data "sender_carts" "recent" {
  max_items = 1
}

data "sender_cart" "latest" {
  cart_hash = data.sender_carts.recent.carts[0].cart_hash
}

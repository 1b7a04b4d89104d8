data "sender_image_folders" "all" {}

// TEMP local stub for compiling; replaced by the render branch.
pub struct Image {
    pub png: Vec<u8>,
    pub alt: String,
    pub width: u32,
    pub height: u32,
}
pub fn position(_g: &crate::game::AnyGame) -> Image {
    Image {
        png: vec![],
        alt: String::new(),
        width: 0,
        height: 0,
    }
}
